-- Each server process reuses the sessions it resolved for a few seconds (core/sessions.ts). What a
-- resolved session stands on — its row, its user's login, names, type and party, its tenant's
-- status and code — says so to every process when it changes, at commit: NOTIFY 'sessions' on
-- the bus channel (core/bus.ts), whoever changes it (the server, a job, SQL by hand). A session's
-- sliding expiry (last_seen_at, expires_at moved later) is not such a change.
CREATE OR REPLACE FUNCTION tagloom_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tagloom_bus', 'sessions');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed_update AFTER UPDATE ON sessions FOR EACH ROW
  WHEN ((OLD.token_hash, OLD.tenant_id, OLD.user_id, OLD.login_type, OLD.lang, OLD.revoked_at, OLD.must_change_password)
        IS DISTINCT FROM (NEW.token_hash, NEW.tenant_id, NEW.user_id, NEW.login_type, NEW.lang, NEW.revoked_at, NEW.must_change_password)
        OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION tagloom_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_changed_delete AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION tagloom_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_sessions_changed_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.tenant_id, OLD.id, OLD.username, OLD.user_code, OLD.user_type, OLD.login_status, OLD.party_kind, OLD.party_id)
        IS DISTINCT FROM (NEW.tenant_id, NEW.id, NEW.username, NEW.user_code, NEW.user_type, NEW.login_status, NEW.party_kind, NEW.party_id))
  EXECUTE FUNCTION tagloom_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_sessions_changed_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION tagloom_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER tenants_sessions_changed_update AFTER UPDATE ON tenants FOR EACH ROW
  WHEN ((OLD.id, OLD.code, OLD.status) IS DISTINCT FROM (NEW.id, NEW.code, NEW.status))
  EXECUTE FUNCTION tagloom_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER tenants_sessions_changed_delete AFTER DELETE ON tenants FOR EACH ROW EXECUTE FUNCTION tagloom_sessions_changed();
