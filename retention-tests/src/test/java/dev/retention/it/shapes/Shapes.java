package dev.retention.it.shapes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.retention.it.support.JpaProvider;
import dev.retention.it.support.TestDatabase;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/** Every entity shape and attribute type the processor supports, as rows for the behaviour suite. */
public final class Shapes {

  private static final Duration HOUR = Duration.ofHours(1);
  private static final Duration DAY = Duration.ofDays(1);

  private Shapes() {}

  /** Every shape: what Hibernate maps on every database. */
  public static List<Shape> all() {
    return every();
  }

  /**
   * Every shape the JPA provider on the class path maps and queries on {@code database}. EclipseLink 5.0 leaves out
   * three, for limits of its own that the guide's "JPA providers" section lists: it serializes {@code ZonedDateTime}
   * (no JPA basic type), which the runtime refuses at build (ProviderMappingTest shows it); it cannot count or order
   * the rows of a {@code TABLE_PER_CLASS} hierarchy through its root (it queries the abstract root's table, which does
   * not exist); and on H2 it creates a {@code UUID} column as {@code NUMERIC(16)}, into which no UUID can be inserted.
   */
  public static List<Shape> all(TestDatabase.Kind database) {
    if (JpaProvider.onClassPath() != JpaProvider.ECLIPSELINK) {
      return every();
    }
    return every().stream()
        .filter(shape -> !shape.managed().contains(ZonedDateTimeRow.class))
        .filter(shape -> !shape.managed().contains(Reading.class))
        .filter(shape -> !(database == TestDatabase.Kind.H2 && shape.managed().contains(UuidIdRow.class)))
        .toList();
  }

  /** Every entity class the shapes of {@link #all(TestDatabase.Kind)} need managed. */
  public static List<Class<?>> entities(TestDatabase.Kind database) {
    return all(database).stream().flatMap(shape -> shape.managed().stream()).distinct().toList();
  }

  private static List<Shape> every() {
    return List.of(
        instant(InstantRow.class, HOUR, (id, label, at, zone) -> new InstantRow(id, label, at)),
        // Offsets unlike the runtime's zone: the comparison is between instants, whatever the offset.
        instant(OffsetDateTimeRow.class, Duration.ZERO, (id, label, at, zone) -> new OffsetDateTimeRow(id, label,
            map(at, value -> OffsetDateTime.ofInstant(value, ZoneOffset.ofHours(-7))))),
        instant(ZonedDateTimeRow.class, HOUR, (id, label, at, zone) -> new ZonedDateTimeRow(id, label,
            map(at, value -> ZonedDateTime.ofInstant(value, ZoneId.of("America/Los_Angeles"))))),
        instant(LocalDateTimeRow.class, HOUR, (id, label, at, zone) -> new LocalDateTimeRow(id, label,
            map(at, value -> LocalDateTime.ofInstant(value, zone)))),
        day(LocalDateRow.class, (id, label, at, zone) -> new LocalDateRow(id, label,
            map(at, value -> LocalDate.ofInstant(value, zone)))),
        instant(UtilDateRow.class, HOUR, (id, label, at, zone) -> new UtilDateRow(id, label, map(at, Date::from))),
        day(UtilDateAsDayRow.class, (id, label, at, zone) -> new UtilDateAsDayRow(id, label,
            map(at, value -> java.sql.Date.valueOf(LocalDate.ofInstant(value, zone))))),
        instant(TimestampRow.class, HOUR, (id, label, at, zone) -> new TimestampRow(id, label,
            map(at, Timestamp::from))),
        day(SqlDateRow.class, (id, label, at, zone) -> new SqlDateRow(id, label,
            map(at, value -> java.sql.Date.valueOf(LocalDate.ofInstant(value, zone))))),
        instant(CalendarRow.class, HOUR, (id, label, at, zone) -> new CalendarRow(id, label,
            map(at, value -> GregorianCalendar.from(ZonedDateTime.ofInstant(value, zone))))),
        instant(PropertyAccessRow.class, Duration.ZERO, (id, label, at, zone) -> new PropertyAccessRow(id, label, at)),
        instant(ApiToken.class, Duration.ZERO, (id, label, at, zone) -> new ApiToken(id, label, at)),
        instant(ImportedRecord.class, Duration.ZERO, (id, label, at, zone) -> new ImportedRecord(id, label, at)),
        hierarchy(Vehicle.class, "Vehicle", List.of(Vehicle.class, Vehicle.Car.class, Vehicle.Truck.class),
            Duration.ZERO, (id, label, at, zone) -> id % 2 == 0
                ? new Vehicle.Car(id, label, at)
                : new Vehicle.Truck(id, label, at)),
        hierarchy(Document.class, "Document", List.of(Document.class, Document.Invoice.class), HOUR,
            (id, label, at, zone) -> id % 2 == 0 ? new Document(id, label, at) : new Document.Invoice(id, label, at)),
        hierarchy(Reading.class, "Reading", List.of(Reading.class, Reading.Temperature.class, Reading.Humidity.class),
            Duration.ZERO, (id, label, at, zone) -> id % 2 == 0
                ? new Reading.Temperature(id, label, at)
                : new Reading.Humidity(id, label, at)),
        new Shape(Shipment.Express.class.getCanonicalName(), "Shipment",
            List.of(Shipment.class, Shipment.Express.class), Duration.ZERO, false,
            (id, label, at, zone) -> new Shipment.Express(id, label, at),
            List.of(new Shipment(101, "plain"), new Shipment(102, "plain")), Shape.Check.NONE),
        hierarchy(NamedRow.class, "Renamed", List.of(NamedRow.class), Duration.ZERO,
            (id, label, at, zone) -> new NamedRow(id, label, at)),
        instant(Outer.NestedRow.class, Duration.ZERO, (id, label, at, zone) -> new Outer.NestedRow(id, label, at)),
        hierarchy(HiddenRow.class, "HiddenRow", List.of(HiddenRow.class), Duration.ZERO,
            (id, label, at, zone) -> HiddenRow.create(id, label, at)),
        instant(StringIdRow.class, Duration.ZERO, (id, label, at, zone) -> new StringIdRow(id, label, at)),
        instant(UuidIdRow.class, Duration.ZERO, (id, label, at, zone) -> new UuidIdRow(id, label, at)),
        instant(IntIdRow.class, Duration.ZERO, (id, label, at, zone) -> new IntIdRow(id, label, at)),
        instant(KeyedRow.class, Duration.ZERO, (id, label, at, zone) -> new KeyedRow(id, label, at)),
        instant(PairRow.class, Duration.ZERO, (id, label, at, zone) -> new PairRow(id, label, at)),
        hierarchy(Basket.class, "Basket", List.of(Basket.class, Basket.Item.class), Duration.ZERO,
            (id, label, at, zone) -> new Basket(id, label, at))
            .checking(emf -> assertEquals(8, count(emf, "select count(i) from Basket$Item i"),
                "the two items of each of the four baskets left; the items of removed baskets went with them")),
        instant(CallbackRow.class, Duration.ZERO, (id, label, at, zone) -> new CallbackRow(id, label, at))
            .checking(new RemovedLabels(CallbackRow.REMOVED)),
        instant(ListenedRow.class, Duration.ZERO, (id, label, at, zone) -> new ListenedRow(id, label, at))
            .checking(new RemovedLabels(ListenedRow.RemovalLog.REMOVED)));
  }

  /** Every entity class any shape needs managed. */
  public static List<Class<?>> entities() {
    return all().stream().flatMap(shape -> shape.managed().stream()).distinct().toList();
  }

  private static Shape instant(Class<?> entity, Duration window, Shape.RowFactory rows) {
    return new Shape(entity.getCanonicalName(), jpqlName(entity), List.of(entity), window, false, rows,
        List.of(), Shape.Check.NONE);
  }

  private static Shape day(Class<?> entity, Shape.RowFactory rows) {
    return new Shape(entity.getCanonicalName(), jpqlName(entity), List.of(entity), DAY, true, rows, List.of(),
        Shape.Check.NONE);
  }

  private static Shape hierarchy(Class<?> root, String queryEntity, List<Class<?>> managed, Duration window,
      Shape.RowFactory rows) {
    return new Shape(root.getCanonicalName(), queryEntity, managed, window, false, rows, List.of(), Shape.Check.NONE);
  }

  private static long count(EntityManagerFactory emf, String jpql) {
    EntityManager em = emf.createEntityManager();
    try {
      return em.createQuery(jpql, Long.class).getSingleResult();
    } finally {
      em.close();
    }
  }

  /** The removal callbacks ran for exactly the rows deleted: two expired and two at the boundary. */
  private record RemovedLabels(Set<String> removed) implements Shape.Check {
    @Override
    public void reset() {
      removed.clear();
    }

    @Override
    public void verify(EntityManagerFactory emf) {
      assertEquals(Set.of("expired", "boundary"), removed, "labels of the rows whose removal callback ran");
    }
  }

  /** Hibernate's default entity name: the class name without its package, {@code Outer$Inner} when nested. */
  private static String jpqlName(Class<?> entity) {
    return entity.getName().substring(entity.getPackageName().length() + 1);
  }

  private static <T> T map(Instant at, Function<Instant, T> convert) {
    return at == null ? null : convert.apply(at);
  }
}
