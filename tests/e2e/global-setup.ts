/**
 * Makes the owner (admin) account once as its owner would: signs up with OWNER_EMAIL through the real
 * form, then opens the confirmation link that the server wrote to its mail log (no SMTP in the
 * tests), which is what makes the address admin. Saves that session.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type FullConfig } from "@playwright/test";
import { ADMIN_STATE, OWNER, submitSignUp } from "./fixtures";

export default async function globalSetup(config: FullConfig) {
  const use = config.projects[0]!.use;
  const mailLog = config.webServer?.env?.MAIL_LOG_FILE;
  if (!mailLog) throw new Error("The e2e server needs MAIL_LOG_FILE to confirm the owner's address.");
  const browser = await chromium.launch(use.launchOptions);
  const page = await browser.newPage({ baseURL: use.baseURL });
  await submitSignUp(page, OWNER);
  await page.waitForURL((u) => u.pathname === "/");

  const mail = fs
    .readFileSync(mailLog, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .findLast((m) => m.to === OWNER.email);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No confirmation link for ${OWNER.email} in ${mailLog}.`);
  await page.goto(link);
  await page.goto("/admin");
  if (new URL(page.url()).pathname !== "/admin") throw new Error("The confirmed owner did not become admin.");

  fs.mkdirSync(path.dirname(ADMIN_STATE), { recursive: true });
  await page.context().storageState({ path: ADMIN_STATE });
  await browser.close();
}
