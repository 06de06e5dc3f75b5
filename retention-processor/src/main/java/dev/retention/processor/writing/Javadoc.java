package dev.retention.processor.writing;

import java.util.List;

/** Javadoc text wrapped the way hand-written javadoc is: paragraphs filled to the line width. */
final class Javadoc {

  /** Columns left for text after the {@code " * "} prefix of a top-level type's javadoc. */
  private static final int WIDTH = 97;

  private Javadoc() {}

  /** The paragraphs, each filled to the width, separated by blank lines, with a final line break. */
  static String of(List<String> paragraphs) {
    StringBuilder text = new StringBuilder(1024);
    for (String paragraph : paragraphs) {
      if (text.length() > 0) {
        text.append('\n');
      }
      fill(paragraph, text);
    }
    return text.toString();
  }

  /**
   * Fills one paragraph: words go on a line while they fit, where an inline tag such as {@code {@code a b}} counts as
   * one word, so that it is never broken.
   */
  private static void fill(String paragraph, StringBuilder text) {
    int lineLength = 0;
    int length = paragraph.length();
    int i = 0;
    while (i < length) {
      while (i < length && Character.isWhitespace(paragraph.charAt(i))) {
        i++;
      }
      if (i == length) {
        break;
      }
      int start = i;
      int depth = 0;
      while (i < length && (depth > 0 || !Character.isWhitespace(paragraph.charAt(i)))) {
        char c = paragraph.charAt(i);
        if (c == '{') {
          depth++;
        } else if (c == '}' && depth > 0) {
          depth--;
        }
        i++;
      }
      int wordLength = i - start;
      if (lineLength > 0 && lineLength + 1 + wordLength > WIDTH) {
        text.append('\n');
        lineLength = 0;
      } else if (lineLength > 0) {
        text.append(' ');
        lineLength++;
      }
      text.append(paragraph, start, i);
      lineLength += wordLength;
    }
    text.append('\n');
  }
}
