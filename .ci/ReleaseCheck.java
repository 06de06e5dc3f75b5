import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks what a release to Maven Central would publish, from the effective POMs of the published modules (written by
 * {@code mvn help:effective-pom -Doutput=...} after {@code mvn -Prelease package}): every POM has the metadata Central
 * asks for, every jar module has its sources and javadoc jars, and retention-bom pins exactly the published jars.
 *
 * <p>Run by {@code .ci/run} as {@code java .ci/ReleaseCheck.java <effective-pom.xml>}; it exits non-zero listing every
 * problem.
 */
public class ReleaseCheck {

  private static final String BOM = "retention-bom";

  public static void main(String[] args) throws Exception {
    Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Path.of(args[0]).toFile());
    List<Element> projects = new ArrayList<>();
    Element root = document.getDocumentElement();
    if (root.getTagName().equals("project")) {
      projects.add(root);
    } else {
      for (Node node = root.getFirstChild(); node != null; node = node.getNextSibling()) {
        if (node instanceof Element element && element.getTagName().equals("project")) {
          projects.add(element);
        }
      }
    }
    List<String> problems = new ArrayList<>();
    Set<String> publishedJars = new TreeSet<>();
    Set<String> pinned = new TreeSet<>();
    for (Element project : projects) {
      String artifactId = text(project, "artifactId");
      String version = text(project, "version");
      for (String required : List.of("name", "description", "url")) {
        if (text(project, required).isBlank()) {
          problems.add(artifactId + ": no <" + required + ">");
        }
      }
      if (text(child(project, "licenses"), "license/name").isBlank()) {
        problems.add(artifactId + ": no <licenses>");
      }
      if (text(child(project, "developers"), "developer/name").isBlank()) {
        problems.add(artifactId + ": no <developers>");
      }
      Element scm = child(project, "scm");
      if (text(scm, "url").isBlank() || text(scm, "connection").isBlank()) {
        problems.add(artifactId + ": no <scm> url and connection");
      }
      String packaging = text(project, "packaging");
      if (packaging.isBlank() || packaging.equals("jar")) {
        publishedJars.add(artifactId);
        Path target = Path.of(text(child(project, "build"), "directory"));
        for (String classifier : List.of("", "-sources", "-javadoc")) {
          Path jar = target.resolve(artifactId + "-" + version + classifier + ".jar");
          if (!Files.isRegularFile(jar)) {
            problems.add(artifactId + ": no " + jar.getFileName() + " in " + target);
          }
        }
      }
      if (artifactId.equals(BOM)) {
        Element managed = child(child(project, "dependencyManagement"), "dependencies");
        for (Node node = managed == null ? null : managed.getFirstChild(); node != null; node = node.getNextSibling()) {
          if (node instanceof Element dependency) {
            pinned.add(text(dependency, "artifactId"));
          }
        }
      }
    }
    if (!pinned.equals(publishedJars)) {
      problems.add(BOM + " pins " + pinned + " but the published jars are " + publishedJars);
    }
    if (!problems.isEmpty()) {
      problems.forEach(problem -> System.err.println("release check: " + problem));
      System.exit(1);
    }
    System.out.println("release check: " + projects.size() + " POMs with Central's metadata, " + publishedJars.size()
        + " jars each with sources and javadoc, all pinned by " + BOM);
  }

  /** The direct child of {@code parent} named {@code name}; null when none (or when parent is null). */
  private static Element child(Element parent, String name) {
    if (parent == null) {
      return null;
    }
    for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element && element.getTagName().equals(name)) {
        return element;
      }
    }
    return null;
  }

  /** The text at {@code path} (names separated by /) under {@code parent}; empty when there is none. */
  private static String text(Element parent, String path) {
    Element element = parent;
    for (String name : path.split("/")) {
      element = child(element, name);
    }
    return element == null ? "" : element.getTextContent().trim();
  }
}
