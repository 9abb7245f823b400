/** The demo article that promises ten dishes lists ten, each a dish of Panama, as a reader sees it on /blog/{slug}. */
import { beforeAll, describe, expect, it } from "vitest";
import { slugify } from "~/lib/slugify";
import { getPublishedBlogBySlug } from "~/server/models/blogs.server";
import { DEMO_BLOGS } from "~/server/seed/demo-data.server";
import { seedDemo } from "~/server/seed/seed.server";

const TITLE = "Gastronomía panameña: 10 platos que debes probar";

beforeAll(async () => {
  await seedDemo();
});

describe("«10 platos que debes probar»", () => {
  it("lists ten different dishes, named in bold", async () => {
    const demo = DEMO_BLOGS.find((b) => b.title === TITLE)!;
    const article = (await getPublishedBlogBySlug(slugify(TITLE)))!;
    expect(article.content).toBe(demo.content);
    const items = [...article.content.matchAll(/<li><strong>([^<]+)<\/strong>/g)].map((m) => m[1]);
    expect(items).toHaveLength(10);
    expect(new Set(items).size).toBe(10);
    expect(article.content.match(/<li>/g)).toHaveLength(10);
    for (const dish of ["Sancocho de gallina", "Ceviche de corvina", "Carimañolas", "Tamales", "Arroz con guandú y coco"]) {
      expect(items).toContain(dish);
    }
  });
});
