package dev.retention.processor.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The guide's table of compile-time messages, {@code docs/reference/compile-time-messages.md}, lists every tag of the
 * catalogue with its kind, once, and no tag the catalogue does not have: a new {@link Message} tag fails here until the
 * page says when it is printed and what fixes it.
 */
class MessageCatalogueDocTest {

  private static final String PAGE = "docs/reference/compile-time-messages.md";
  private static final Pattern ROW = Pattern.compile("^\\| `(retention:[a-z]+)` \\| ([a-z]+) \\|");

  @Test
  void thePageListsEveryTagOfTheCatalogueWithItsKind() throws IOException {
    Map<String, String> catalogue = new TreeMap<>();
    for (Message message : Message.values()) {
      String kind = message.kind().name().toLowerCase(Locale.ROOT);
      String earlier = catalogue.put(message.tag(), kind);
      assertEquals(earlier == null ? kind : earlier, kind, message.tag() + " has messages of two kinds");
    }
    Map<String, String> page = new TreeMap<>();
    List<String> repeated = new ArrayList<>();
    for (String line : Files.readAllLines(root().resolve(PAGE), StandardCharsets.UTF_8)) {
      Matcher row = ROW.matcher(line);
      if (row.find() && page.put(row.group(1), row.group(2)) != null) {
        repeated.add(row.group(1));
      }
    }
    assertEquals(List.of(), repeated, PAGE + " lists these tags more than once");
    assertEquals(catalogue, page, PAGE + " lists the tags of Message, each with its kind (error, warning, note)");
  }

  private static Path root() throws IOException {
    for (Path folder = Path.of("").toAbsolutePath(); folder != null; folder = folder.getParent()) {
      if (Files.isRegularFile(folder.resolve("CHANGELOG.md"))) {
        return folder;
      }
    }
    throw new IOException("No CHANGELOG.md in " + Path.of("").toAbsolutePath() + " or a folder above it");
  }
}
