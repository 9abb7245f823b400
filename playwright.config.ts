import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/${PORT}`,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: BASE_URL,
    locale: "es-PA",
    timezoneId: "America/Panama",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-quic",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `rm -rf .e2e-data-${PORT} && npm start`,
    url: `${BASE_URL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM, as a process manager would: the server finishes, closes its database and removes the
    // embedded database's socket folder (Playwright's default is SIGKILL).
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      DATA_DIR: `.e2e-data-${PORT}`,
      OWNER_EMAIL: "owner@e2e.test",
      AUTH_SIGNUP_RATE_LIMIT: "10000",
      // Every machine-interface test calls from 127.0.0.1; the 429 itself is tested on servers of its own.
      API_RATE_LIMIT: "1000",
      MAIL_LOG_FILE: `.e2e-data-${PORT}/mail.log`,
      SEED_DEMO: "1",
      // Premium against the fake Stripe API that tests/e2e/premium-purchase.spec.ts runs on the next port.
      STRIPE_SECRET_KEY: "sk_test_e2e",
      STRIPE_PRICE_ID: "price_e2e_premium",
      // Local AI plans (tests/e2e/owner-plans.spec.ts).
      STRIPE_PRICE_STARTER_LOCAL_YEAR: "price_e2e_starter_year",
      STRIPE_PRICE_STARTER_LOCAL_HALF_YEAR: "price_e2e_starter_half",
      STRIPE_PRICE_MAX_LOCAL_YEAR: "price_e2e_max_year",
      STRIPE_PRICE_MAX_LOCAL_HALF_YEAR: "price_e2e_max_half",
      STRIPE_WEBHOOK_SECRET: "whsec_e2e",
      STRIPE_API_BASE: `http://127.0.0.1:${PORT + 1}`,
      CHAT_URL_AMY: `http://127.0.0.1:${PORT + 1}/chat/amy`,
      CHAT_URL_ROGER: `http://127.0.0.1:${PORT + 1}/chat/roger`,
      // The Google import against the fake Places API that tests/e2e/google-import.spec.ts runs two ports up.
      GOOGLE_PLACES_API_KEY: "fake-places-key",
      GOOGLE_PLACES_API_BASE: `http://127.0.0.1:${PORT + 2}`,
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
    },
  },
});
