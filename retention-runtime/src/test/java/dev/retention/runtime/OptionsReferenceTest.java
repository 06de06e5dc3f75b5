package dev.retention.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/reference/options.md}, the options reference users read, says what {@link RetentionOption} says: one
 * generated block per option (key, type, default, bounds, description, every way to set it), every option present
 * and none extra, each under one of the page's groups, and the summary table in the page's order. A change to an
 * option fails here until the page is updated: {@code -Ddocs.update=true} rewrites the generated blocks in place and
 * adds a block for a new option under "Not yet sorted", which still fails until a person moves it into a group and
 * says what the generated lines cannot.
 */
class OptionsReferenceTest {

  static final String PAGE = "docs/reference/options.md";
  /** The groups, HikariCP's way: the options most users set first. */
  static final List<String> GROUPS = List.of("Essential", "Frequently used", "Rarely used");
  private static final String UNSORTED = "Not yet sorted";

  private static final Pattern BLOCK = Pattern.compile(
      "<!-- BEGIN GENERATED ([^(]+?) \\(.*?-->.*?<!-- END GENERATED \\1 -->", Pattern.DOTALL);
  private static final Pattern GROUP = Pattern.compile("(?m)^## (.+)$");

  @Test
  void theOptionsReferenceIsWhatRetentionOptionSays() throws IOException {
    Path page = ProjectRoot.path().resolve(PAGE);
    String committed = Files.readString(page, StandardCharsets.UTF_8);
    String current = regenerated(committed);
    if (Boolean.getBoolean("docs.update") && !current.equals(committed)) {
      Files.writeString(page, current, StandardCharsets.UTF_8);
      committed = current;
    }
    List<String> problems = new ArrayList<>();
    List<String> shown = blockNames(committed);
    List<String> options = Arrays.stream(RetentionOption.values()).map(OptionsReference::blockName).toList();
    options.stream().filter(name -> !shown.contains(name))
        .forEach(name -> problems.add(PAGE + " has no block for the " + name));
    shown.stream().filter(name -> name.startsWith("option ") && !options.contains(name))
        .forEach(name -> problems.add(PAGE + " has a block for the " + name + ", which RetentionOption does not have"));
    if (!current.equals(committed)) {
      problems.add(PAGE + " says something RetentionOption does not (first difference at line "
          + firstDifferentLine(committed, current) + "); mvn -pl retention-runtime test -Dtest=OptionsReferenceTest"
          + " -Ddocs.update=true rewrites its generated blocks");
    }
    problems.addAll(placementProblems(current));
    assertEquals(List.of(), problems);
  }

  @Test
  void everyOptionHasABuilderMethodAndAnExampleWithinItsBounds() throws Exception {
    for (RetentionOption option : RetentionOption.values()) {
      Object parsed = option.parse(OptionsReference.example(option));
      assertEquals(Optional.empty(), option.problemWith(parsed), option.key() + "'s example");
      Object set = OptionsReference.builderMethod(option).invoke(RetentionOptions.empty(),
          OptionsReference.argument(option));
      assertEquals(RetentionOptions.empty().with(option, parsed), set,
          option.key() + ": the builder method the reference shows sets that option to the example");
    }
  }

  /** The page with every generated block as RetentionOption writes it, a missing option appended, an extra dropped. */
  static String regenerated(String page) {
    List<String> missing = Arrays.stream(RetentionOption.values()).map(OptionsReference::blockName)
        .filter(name -> !page.contains(OptionsReference.begin(name))).collect(Collectors.toList());
    StringBuilder text = new StringBuilder();
    Matcher block = BLOCK.matcher(page);
    int last = 0;
    while (block.find()) {
      text.append(page, last, block.start());
      String name = block.group(1);
      optionNamed(name).ifPresent(option -> text.append(OptionsReference.block(option)));
      if (name.equals("summary")) {
        text.append("SUMMARY");
      }
      last = block.end();
    }
    text.append(page.substring(last));
    if (!missing.isEmpty()) {
      if (text.charAt(text.length() - 1) != '\n') {
        text.append('\n');
      }
      text.append("\n## ").append(UNSORTED).append("\n");
      for (RetentionOption option : RetentionOption.values()) {
        if (missing.contains(OptionsReference.blockName(option))) {
          text.append('\n').append(OptionsReference.block(option)).append('\n');
        }
      }
    }
    String withoutSummary = text.toString();
    return withoutSummary.replace("SUMMARY", OptionsReference.summary(groups(withoutSummary)));
  }

  private static List<String> blockNames(String page) {
    List<String> names = new ArrayList<>();
    Matcher block = BLOCK.matcher(page);
    while (block.find()) {
      names.add(block.group(1));
    }
    return names;
  }

  /** The options of each group, in the page's order; the options outside any group under the heading they sit in. */
  static Map<String, List<RetentionOption>> groups(String page) {
    Map<String, List<RetentionOption>> groups = new LinkedHashMap<>();
    Matcher block = BLOCK.matcher(page);
    while (block.find()) {
      Optional<RetentionOption> option = optionNamed(block.group(1));
      if (option.isPresent()) {
        groups.computeIfAbsent(groupOf(page, block.start()), group -> new ArrayList<>()).add(option.get());
      }
    }
    return groups;
  }

  private static List<String> placementProblems(String page) {
    List<String> problems = new ArrayList<>();
    if (!page.contains(OptionsReference.begin("summary"))) {
      problems.add(PAGE + " has no summary block: put " + OptionsReference.begin("summary") + " and "
          + OptionsReference.end("summary") + " where the table of every option goes");
    }
    groups(page).forEach((group, options) -> {
      if (!GROUPS.contains(group)) {
        problems.add(PAGE + ": " + options.stream().map(RetentionOption::key).toList() + " under \"" + group
            + "\": move each option's block under one of " + GROUPS + ", and write beneath it what the generated"
            + " lines cannot say");
      }
    });
    List<String> duplicates = Arrays.stream(RetentionOption.values())
        .filter(option -> count(page, OptionsReference.begin(OptionsReference.blockName(option))) > 1)
        .map(RetentionOption::key).toList();
    assertTrue(duplicates.isEmpty(), PAGE + " has more than one block for " + duplicates);
    return problems;
  }

  private static String groupOf(String page, int position) {
    Matcher heading = GROUP.matcher(page.substring(0, position));
    String group = "(no group)";
    while (heading.find()) {
      group = heading.group(1).trim();
    }
    return group;
  }

  private static Optional<RetentionOption> optionNamed(String blockName) {
    return blockName.startsWith("option ")
        ? RetentionOption.forKey(blockName.substring("option ".length()))
        : Optional.empty();
  }

  private static int count(String text, String part) {
    int count = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
      count++;
    }
    return count;
  }

  private static int firstDifferentLine(String one, String other) {
    List<String> a = one.lines().toList();
    List<String> b = other.lines().toList();
    int line = 0;
    while (line < a.size() && line < b.size() && a.get(line).equals(b.get(line))) {
      line++;
    }
    return line + 1;
  }
}
