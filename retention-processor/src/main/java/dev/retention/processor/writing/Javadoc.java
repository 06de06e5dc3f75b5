package dev.retention.processor.writing;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Javadoc text wrapped the way hand-written javadoc is: paragraphs filled to the line width. */
final class Javadoc {

  /** A word, where an inline tag such as {@code {@code a b}} counts as one, with what sticks to it. */
  private static final Pattern WORD = Pattern.compile("(?:\\{@[^}]*\\}|[^\\s{])+");

  /** Columns left for text after the {@code " * "} prefix of a top-level type's javadoc. */
  private static final int WIDTH = 97;

  private Javadoc() {}

  /** A block of code, its lines kept as they are, for {@link #of}. */
  static String code(String... lines) {
    return "<pre>{@code\n" + String.join("\n", lines) + "\n}</pre>";
  }

  /**
   * The paragraphs, each filled to the width, separated by blank lines, with a final line break. A {@link #code} block
   * keeps its lines.
   */
  static String of(List<String> paragraphs) {
    StringBuilder text = new StringBuilder();
    for (String paragraph : paragraphs) {
      if (text.length() > 0) {
        text.append('\n');
      }
      if (paragraph.startsWith("<pre>")) {
        text.append(paragraph).append('\n');
      } else {
        fill(paragraph, text);
      }
    }
    return text.toString();
  }

  private static void fill(String paragraph, StringBuilder text) {
    int lineLength = 0;
    Matcher words = WORD.matcher(paragraph);
    while (words.find()) {
      String word = words.group();
      if (lineLength > 0 && lineLength + 1 + word.length() > WIDTH) {
        text.append('\n');
        lineLength = 0;
      } else if (lineLength > 0) {
        text.append(' ');
        lineLength++;
      }
      text.append(word);
      lineLength += word.length();
    }
    text.append('\n');
  }
}
