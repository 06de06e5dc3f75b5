package dev.retention.processor;

import com.google.auto.service.AutoService;
import dev.retention.processor.option.ProcessorOptions;
import dev.retention.processor.reading.Annotations;
import dev.retention.processor.step.RetentionStep;
import dev.retention.processor.validation.Diagnostics;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;

/**
 * Generates a retention pass for each JPA entity with a {@code @Ttl} attribute, and a registry of the passes for
 * {@code ServiceLoader}.
 *
 * <p>It also looks at every {@code @Entity}: an entity may inherit {@code @Ttl} from a mapped superclass compiled
 * earlier, where no {@code @Ttl} appears in this compilation's sources. It claims nothing, so other processors see
 * the same annotations.
 */
@AutoService(Processor.class)
public final class RetentionProcessor extends AbstractProcessor {

  private RetentionStep step;

  @Override
  public synchronized void init(ProcessingEnvironment environment) {
    super.init(environment);
    Diagnostics diagnostics = new Diagnostics(environment.getMessager());
    ProcessorOptions options = ProcessorOptions.read(environment.getOptions(), diagnostics);
    step = new RetentionStep(environment, diagnostics, options);
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(Annotations.TTL, Annotations.TTL_SCOPE, Annotations.ENTITY);
  }

  @Override
  public Set<String> getSupportedOptions() {
    return ProcessorOptions.SUPPORTED;
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    step.process(round);
    return false;
  }
}
