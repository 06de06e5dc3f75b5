package dev.retention.sample;

import dev.retention.runtime.BeforeDelete;
import dev.retention.sample.model.AuditLogEntry;
import dev.retention.sample.model.AuditLogHistory;
import jakarta.persistence.EntityManager;
import java.util.List;

/**
 * Copies each batch of expired audit entries to {@code sample_audit_log_history} before the batch deletes them, in
 * the batch's transaction: the copy commits with the delete, or neither does.
 */
final class AuditArchive implements BeforeDelete {

  static final String PASS = AuditLogEntry.class.getName();

  @Override
  public void beforeDelete(EntityManager em, List<?> ids) {
    em.createQuery("select a from AuditLogEntry a where a.id in :ids", AuditLogEntry.class)
        .setParameter("ids", ids)
        .getResultList()
        .forEach(entry -> em.persist(new AuditLogHistory(entry)));
  }
}
