package dev.retention.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The checkout's root, where the tests that read committed files (the API snapshot, the docs) find them. */
final class ProjectRoot {

  private ProjectRoot() {}

  /** The nearest folder at or above the working directory that holds {@code CHANGELOG.md} or {@code api/}. */
  static Path path() throws IOException {
    for (Path folder = Path.of("").toAbsolutePath(); folder != null; folder = folder.getParent()) {
      if (Files.isRegularFile(folder.resolve("CHANGELOG.md")) || Files.isDirectory(folder.resolve("api"))) {
        return folder;
      }
    }
    throw new IOException("No CHANGELOG.md in " + Path.of("").toAbsolutePath() + " or a folder above it");
  }
}
