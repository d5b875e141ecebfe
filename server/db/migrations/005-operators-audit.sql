-- Operator roles and the audit log (issue 12).
-- Roles: 'owner' runs everything and manages operators; 'staff' runs the markets and the money
-- desk but changes no settings, makes no wallet adjustments and manages no operators. The
-- operators that existed (created from ADMIN_USERNAME or the CLI) become owners.
ALTER TABLE admins DROP CONSTRAINT admins_role_check;
UPDATE admins SET role = 'owner' WHERE role = 'admin';
ALTER TABLE admins ALTER COLUMN role SET DEFAULT 'owner';
ALTER TABLE admins ADD CONSTRAINT admins_role_check CHECK (role IN ('owner', 'staff'));

-- Every operator write: who, when, what, the resource before and after, the client address.
-- Append-only: no UPDATE, DELETE or TRUNCATE gets through, whoever asks.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  admin_id uuid REFERENCES admins(id),
  admin_username text NOT NULL,
  admin_role text NOT NULL,
  method text NOT NULL,
  route text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  request jsonb,
  before jsonb,
  after jsonb,
  client_address text NOT NULL,
  request_id text NOT NULL
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_admin_idx ON audit_log (admin_id, at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
