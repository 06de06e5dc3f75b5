package dev.retention.runtime.internal.discovery;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.generated.GeneratedPass;
import dev.retention.runtime.generated.RetentionRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Finds the generated registries through {@link ServiceLoader} and collects their passes, failing with a message that
 * names the class and the services file when a registration is broken.
 */
public final class RegistryDiscovery {

  /** Where the processor registers each compilation's registry. */
  public static final String SERVICES_FILE = "META-INF/services/" + RetentionRegistry.class.getName();

  private RegistryDiscovery() {}

  /**
   * The passes of every registry {@code loader} sees, sorted by name.
   *
   * @throws RetentionConfigurationException when a registry cannot be loaded, or two registries provide the same pass
   */
  public static List<GeneratedPass> discover(ClassLoader loader) {
    List<String> problems = new ArrayList<>();
    List<RetentionRegistry> registries = new ArrayList<>();
    Iterator<RetentionRegistry> iterator = ServiceLoader.load(RetentionRegistry.class, loader).iterator();
    while (true) {
      try {
        if (!iterator.hasNext()) {
          break;
        }
        registries.add(iterator.next());
      } catch (ServiceConfigurationError e) {
        problems.add("cannot load a retention registry listed in " + filesListing(loader, e) + ": " + e.getMessage()
            + (e.getCause() == null ? "" : " (" + e.getCause() + ")")
            + ". Rebuild the module that generated it, or remove the stale services file");
      }
    }
    List<GeneratedPass> passes = collect(registries, problems);
    if (!problems.isEmpty()) {
      throw new RetentionConfigurationException(problems);
    }
    return passes;
  }

  /** The passes of explicitly given registries, checked as discovered ones are. */
  public static List<GeneratedPass> collect(List<RetentionRegistry> registries) {
    List<String> problems = new ArrayList<>();
    List<GeneratedPass> passes = collect(registries, problems);
    if (!problems.isEmpty()) {
      throw new RetentionConfigurationException(problems);
    }
    return passes;
  }

  private static List<GeneratedPass> collect(List<RetentionRegistry> registries, List<String> problems) {
    Map<String, GeneratedPass> byName = new LinkedHashMap<>();
    Map<String, String> registryOf = new LinkedHashMap<>();
    for (RetentionRegistry registry : registries) {
      String registryName = registry.getClass().getName();
      List<GeneratedPass> provided;
      try {
        provided = registry.passes();
      } catch (RuntimeException | LinkageError e) {
        problems.add("retention registry " + registryName + " failed to list its passes: " + e);
        continue;
      }
      for (GeneratedPass pass : provided) {
        String previous = registryOf.putIfAbsent(pass.name(), registryName);
        if (previous != null) {
          problems.add("pass " + pass.name() + " is provided by two registries, " + previous + " and " + registryName
              + ": the entity is compiled into two modules; keep it in one");
        } else {
          byName.put(pass.name(), pass);
        }
      }
    }
    List<GeneratedPass> passes = new ArrayList<>(byName.values());
    passes.sort(Comparator.comparing(GeneratedPass::name));
    return Collections.unmodifiableList(passes);
  }

  /** The services files that name the class in {@code error}, or every services file when none can be singled out. */
  private static String filesListing(ClassLoader loader, ServiceConfigurationError error) {
    List<String> all = new ArrayList<>();
    List<String> naming = new ArrayList<>();
    try {
      for (URL url : Collections.list(loader.getResources(SERVICES_FILE))) {
        all.add(url.toString());
        for (String line : read(url).split("\\R")) {
          String entry = line.replaceFirst("#.*", "").trim();
          if (!entry.isEmpty() && error.getMessage() != null && error.getMessage().contains(entry)) {
            naming.add(url.toString());
            break;
          }
        }
      }
    } catch (IOException e) {
      return SERVICES_FILE + " (the files could not be listed: " + e + ")";
    }
    List<String> files = naming.isEmpty() ? all : naming;
    return files.isEmpty() ? SERVICES_FILE : String.join(", ", files);
  }

  private static String read(URL url) throws IOException {
    try (InputStream in = url.openStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
