-- Three rows expired at FixedClock.NOW (2026-01-01T00:00:00Z), two live.
insert into SessionToken (id, expiresAt) values (1, timestamp with time zone '2025-12-30 00:00:00+00:00');
insert into SessionToken (id, expiresAt) values (2, timestamp with time zone '2025-12-31 00:00:00+00:00');
insert into SessionToken (id, expiresAt) values (3, timestamp with time zone '2026-01-01 00:00:00+00:00');
insert into SessionToken (id, expiresAt) values (4, timestamp with time zone '2026-01-01 00:00:01+00:00');
insert into SessionToken (id, expiresAt) values (5, timestamp with time zone '2026-06-01 00:00:00+00:00');
