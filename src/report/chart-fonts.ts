// The fonts charts are drawn with: two of the DejaVu fonts, which the build copies to dist/fonts/
// with their licence (scripts/build.ts), so the installed package needs no font package.
export const CHART_FONTS = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] as const;
export const FONT_FAMILY = "DejaVu Sans";
