declare module "virtual:vitals-url" {
  /** Path of the built start-vitals module; empty in the browser bundle (see vite-plugin.ts). */
  const url: string;
  export default url;
}

declare module "virtual:enhancer-urls" {
  /** Path of each built enhancer module by name; empty in the browser bundle (features/enhancers/vite-plugin.ts). */
  const urls: Record<string, string>;
  export default urls;
}
