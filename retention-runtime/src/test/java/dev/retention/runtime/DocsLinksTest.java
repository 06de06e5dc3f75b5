package dev.retention.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the project's Markdown files (the README, ARCHITECTURE.md, the changelog, the guide under
 * {@code docs/}) leads somewhere: its file or folder exists in the checkout, and its {@code #anchor}, if any, is a
 * heading of the page it names (GitHub's way of writing a heading as an anchor) or an {@code <a id>} of its own, as
 * the guide keeps for the sections that moved. Links out of the checkout ({@code https:}) are not followed.
 */
class DocsLinksTest {

  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern HEADING = Pattern.compile("^#{1,6} (.+)$");
  private static final Pattern EXPLICIT_ANCHOR = Pattern.compile("<a (?:id|name)=\"([^\"]+)\"");
  private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");

  @Test
  void everyRelativeLinkResolves() throws IOException {
    Path root = ProjectRoot.path();
    List<Path> pages = markdownFiles(root);
    assertTrue(pages.contains(root.resolve("docs/GUIDE.md")), "the guide is among the pages: " + pages);
    Map<Path, Set<String>> anchors = new HashMap<>();
    List<String> broken = new ArrayList<>();
    for (Path page : pages) {
      List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
      for (int number = 0; number < lines.size(); number++) {
        String where = root.relativize(page) + ":" + (number + 1) + ": ";
        for (String target : links(lines, number)) {
          problem(root, page, target, anchors).ifPresent(why -> broken.add(where + "(" + target + ") " + why));
        }
      }
    }
    assertTrue(broken.isEmpty(), () -> "Links that lead nowhere:\n  " + String.join("\n  ", broken));
  }

  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
  static String anchorOf(String heading) {
    String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").trim().toLowerCase(Locale.ROOT);
    return text.replaceAll("[^\\p{L}\\p{N}\\p{M}_\\- ]", "").replace(' ', '-');
  }

  /** The anchors a page offers: its headings', numbered as GitHub numbers repeats, and its own {@code <a id>}s. */
  static Set<String> anchorsOf(List<String> lines) {
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    boolean fenced = false;
    for (String line : lines) {
      if (line.startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        continue;
      }
      Matcher heading = HEADING.matcher(line);
      if (heading.matches()) {
        String anchor = anchorOf(heading.group(1));
        int repeats = seen.merge(anchor, 1, Integer::sum) - 1;
        anchors.add(repeats == 0 ? anchor : anchor + "-" + repeats);
      }
      Matcher explicit = EXPLICIT_ANCHOR.matcher(line);
      while (explicit.find()) {
        anchors.add(explicit.group(1));
      }
    }
    return anchors;
  }

  /** The targets of the links on line {@code number}, outside code blocks and code spans. */
  private static List<String> links(List<String> lines, int number) {
    boolean fenced = false;
    for (int line = 0; line < number; line++) {
      if (lines.get(line).startsWith("```")) {
        fenced = !fenced;
      }
    }
    String line = lines.get(number);
    if (fenced || line.startsWith("```")) {
      return List.of();
    }
    Matcher link = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
    List<String> targets = new ArrayList<>();
    while (link.find()) {
      targets.add(link.group(1));
    }
    return targets;
  }

  private static Optional<String> problem(
      Path root, Path page, String target, Map<Path, Set<String>> anchors) {
    if (target.matches("^[a-z]+:.*")) {
      return Optional.empty();
    }
    int hash = target.indexOf('#');
    String path = hash < 0 ? target : target.substring(0, hash);
    Path file = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
    if (!file.startsWith(root)) {
      return Optional.of("leads out of the checkout");
    }
    if (!Files.exists(file)) {
      return Optional.of("no such file");
    }
    if (hash < 0) {
      return Optional.empty();
    }
    String anchor = target.substring(hash + 1);
    if (!file.toString().endsWith(".md")) {
      return Optional.of("an anchor in a file that is not Markdown");
    }
    Set<String> offered = anchors.computeIfAbsent(file, DocsLinksTest::read);
    return offered.contains(anchor) ? Optional.empty()
        : Optional.of("no heading or <a id> " + anchor + " in " + root.relativize(file));
  }

  private static Set<String> read(Path file) {
    try {
      return anchorsOf(Files.readAllLines(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The checkout's Markdown files, build output and hidden folders aside. */
  private static List<Path> markdownFiles(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(file -> file.toString().endsWith(".md"))
          .filter(file -> Stream.iterate(root.relativize(file).getParent(), folder -> folder != null, Path::getParent)
              .map(folder -> folder.getFileName().toString())
              .noneMatch(folder -> folder.equals("target") || folder.startsWith(".")))
          .sorted().collect(Collectors.toList());
    }
  }
}
