/** Test defaults, applied before any app module reads the environment. */
process.env.NODE_ENV = "test";
process.env.DATA_DIR ??= "memory://";
process.env.PUBLIC_URL ??= "http://localhost:3000";
process.env.SEED_DEMO = "0";
process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
delete process.env.SMTP_URL;
delete process.env.OWNER_EMAIL;
delete process.env.REQUIRE_EMAIL_VERIFICATION;
