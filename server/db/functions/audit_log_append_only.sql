-- The operators' audit log is append-only (server/http/audit.ts): no DELETE or TRUNCATE, and one
-- UPDATE only, the completion of a row written ahead of its write (status 0 -> the final status,
-- with the resource after; nothing else may change). Triggers audit_log_no_update and
-- audit_log_no_truncate (migration 005) call it.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 0 AND NEW.status <> 0
     AND (NEW.id, NEW.at, NEW.admin_id, NEW.admin_username, NEW.admin_role, NEW.method, NEW.route,
          NEW.path, NEW.request, NEW.before, NEW.client_address, NEW.request_id)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.at, OLD.admin_id, OLD.admin_username, OLD.admin_role, OLD.method, OLD.route,
          OLD.path, OLD.request, OLD.before, OLD.client_address, OLD.request_id)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END $$;
