package dev.retention.sample.boot;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How many tokens the sample writes at start.
 *
 * @param expiredTokens tokens that expired an hour ago: the first sweep deletes them
 * @param liveTokens tokens that expire in a day: every sweep keeps them
 */
@ConfigurationProperties("sample")
record SampleProperties(@DefaultValue("25") int expiredTokens, @DefaultValue("5") int liveTokens) {}
