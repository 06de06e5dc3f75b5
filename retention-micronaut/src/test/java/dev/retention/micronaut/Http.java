package dev.retention.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.context.ApplicationContext;
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

/** Requests to a context's embedded server, answered JSON read into maps. */
final class Http {

  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  private Http() {}

  /** The context's embedded server, started if it has not been (a context started as the tests do has not). */
  static EmbeddedServer server(ApplicationContext context) {
    EmbeddedServer server = context.getBean(EmbeddedServer.class);
    if (!server.isRunning()) {
      server.start();
    }
    return server;
  }

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

  /** The JSON body of {@code POST path} with no body and {@code header}, which must answer 200. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> postJson(EmbeddedServer server, String path, String header, String value) {
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.getPort() + path))
        .header(header, value).POST(HttpRequest.BodyPublishers.noBody()).timeout(Duration.ofSeconds(30)).build();
    HttpResponse<String> response = send(request);
    assertEquals(200, response.statusCode(), () -> "POST " + path + ": " + response.body());
    try {
      return server.getApplicationContext().getBean(JsonMapper.class).readValue(response.body(), Map.class);
    } catch (IOException e) {
      throw new UncheckedIOException("POST " + path + ": " + response.body(), e);
    }
  }

  /** The answer to {@code GET path}, whatever its status and body. */
  static HttpResponse<String> get(EmbeddedServer server, String path) {
    return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.getPort() + path))
        .timeout(Duration.ofSeconds(30)).build());
  }

  private static HttpResponse<String> send(HttpRequest request) {
    try {
      return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(request.method() + " " + request.uri(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(request.method() + " " + request.uri() + " interrupted", e);
    }
  }
}
