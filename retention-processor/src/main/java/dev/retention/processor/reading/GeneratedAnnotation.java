package dev.retention.processor.reading;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.element.ModuleElement.RequiresDirective;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Whether {@code @javax.annotation.processing.Generated} can be used where code is generated: it lives in the module
 * {@code java.compiler}, which a compilation may not see (limited modules), and which a named module reads only when
 * it requires it. Where it cannot be used, generated code goes without it rather than fail to compile.
 */
public final class GeneratedAnnotation {

  public static final String NAME = "javax.annotation.processing.Generated";
  private static final String MODULE = "java.compiler";

  private final Elements elements;
  private final boolean observable;
  private final Map<ModuleElement, Boolean> readableFrom = new HashMap<>();

  public GeneratedAnnotation(Elements elements) {
    this.elements = elements;
    this.observable = elements.getTypeElement(NAME) != null;
  }

  /** Whether code generated next to {@code element} (in its package) can carry {@code @Generated}. */
  public boolean resolvesNextTo(Element element) {
    if (!observable) {
      return false;
    }
    ModuleElement module = elements.getModuleOf(element);
    if (module == null || module.isUnnamed()) {
      return true;
    }
    return readableFrom.computeIfAbsent(module, named -> reads(named, new HashSet<>()));
  }

  /** Whether {@code module} requires {@code java.compiler}, or a module that requires it transitively. */
  private static boolean reads(ModuleElement module, Set<ModuleElement> seen) {
    for (RequiresDirective requires : ElementFilter.requiresIn(module.getDirectives())) {
      ModuleElement dependency = requires.getDependency();
      if (dependency.getQualifiedName().contentEquals(MODULE) || readsTransitively(dependency, seen)) {
        return true;
      }
    }
    return false;
  }

  private static boolean readsTransitively(ModuleElement module, Set<ModuleElement> seen) {
    if (!seen.add(module)) {
      return false;
    }
    for (RequiresDirective requires : ElementFilter.requiresIn(module.getDirectives())) {
      if (requires.isTransitive() && (requires.getDependency().getQualifiedName().contentEquals(MODULE)
          || readsTransitively(requires.getDependency(), seen))) {
        return true;
      }
    }
    return false;
  }
}
