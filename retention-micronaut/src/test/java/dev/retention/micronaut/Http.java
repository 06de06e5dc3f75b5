package dev.retention.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** GET requests to a context's embedded server, answered JSON read into maps. */
final class Http {

  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  private Http() {}

  /** The JSON body of {@code GET path}, which must answer {@code status}. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> getJson(EmbeddedServer server, String path, int status) {
    HttpResponse<String> response = get(server, path);
    assertEquals(status, response.statusCode(), () -> "GET " + path + ": " + response.body());
    try {
      return server.getApplicationContext().getBean(JsonMapper.class).readValue(response.body(), Map.class);
    } catch (IOException e) {
      throw new UncheckedIOException("GET " + path + ": " + response.body(), e);
    }
  }

  /** The answer to {@code GET path}, whatever its status and body. */
  static HttpResponse<String> get(EmbeddedServer server, String path) {
    try {
      return CLIENT.send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.getPort() + path))
              .timeout(Duration.ofSeconds(30)).build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException("GET " + path, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("GET " + path + " interrupted", e);
    }
  }
}
