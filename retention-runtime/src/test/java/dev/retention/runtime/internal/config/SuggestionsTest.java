package dev.retention.runtime.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SuggestionsTest {

  @Test
  void suggestsACloseSpellingOrTheSameSimpleNameAndNothingFarOff() {
    List<String> passes = List.of("com.acme.AuditLogEntry", "com.acme.UserSession");

    assertEquals(Optional.of("com.acme.UserSession"), Suggestions.closest("com.acme.UserSesion", passes));
    assertEquals(Optional.of("com.acme.UserSession"), Suggestions.closest("org.other.usersession", passes));
    assertEquals(Optional.empty(), Suggestions.closest("com.acme.Invoice", passes));
    assertEquals(3, Suggestions.distance("kitten", "sitting"));
  }
}
