package dev.retention.sample.jakarta;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The sample's JAX-RS endpoints, under {@code /api}. */
@ApplicationPath("api")
public class SampleApplication extends Application {}
