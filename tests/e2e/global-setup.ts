/** Creates the owner (admin) account once through the real sign-up form and saves its session. */
import fs from "node:fs";
import path from "node:path";
import { chromium, type FullConfig } from "@playwright/test";
import { ADMIN_STATE, OWNER } from "./fixtures";

export default async function globalSetup(config: FullConfig) {
  const use = config.projects[0]!.use;
  const browser = await chromium.launch(use.launchOptions);
  const page = await browser.newPage({ baseURL: use.baseURL });
  await page.goto("/auth?modo=registro");
  await page.getByLabel("Nombre completo").fill(OWNER.name);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Contraseña").fill(OWNER.password);
  await page.getByRole("button", { name: "Crear Cuenta" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  fs.mkdirSync(path.dirname(ADMIN_STATE), { recursive: true });
  await page.context().storageState({ path: ADMIN_STATE });
  await browser.close();
}
