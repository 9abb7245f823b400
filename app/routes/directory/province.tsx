import { ComingSoon, comingSoonMeta } from "~/components/coming-soon";
import { comingSoonLoader } from "~/server/coming-soon.server";

// Placeholder until this page is built.
export const loader = comingSoonLoader;
export const meta = comingSoonMeta;
export default ComingSoon;
