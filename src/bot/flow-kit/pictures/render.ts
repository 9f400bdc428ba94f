/**
 * SVG to PNG, in-process: resvg (Rust, through @resvg/resvg-js, which ships prebuilt binaries for Linux
 * glibc and musl, macOS and Windows on x64 and arm64 as npm packages: nothing is compiled or downloaded at
 * install) with the Inter font from @expo-google-fonts/inter (SIL Open Font License 1.1). The bot's image
 * has no system fonts, so only these files are loaded. Rendering runs on libuv's thread pool (tens of
 * milliseconds; the event loop stays free), one picture at a time: a burst of /portfolio requests waits
 * its turn instead of holding several canvases (about 5 MB each) and font copies in memory at once.
 */
import { createRequire } from "node:module";
import { renderAsync } from "@resvg/resvg-js";
import { CHART_FONT } from "./theme.ts";

const require = createRequire(import.meta.url);
const FONT_FILES = [
  require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
  require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"),
];

// The render before the next one; settled (never rejected) so a failed render does not block the rest.
let previous: Promise<unknown> = Promise.resolve();

async function draw(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, {
    font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: CHART_FONT },
    logLevel: "off",
  });
  return image.asPng();
}

/** Renders an SVG document to PNG bytes at its own size, after the renders already waiting. */
export function svgToPng(svg: string): Promise<Buffer> {
  const next = previous.then(() => draw(svg));
  previous = next.catch(() => undefined);
  return next;
}
