declare module "virtual:vitals-url" {
  /** Path of the built start-vitals module; empty in the browser bundle (see vite-plugin.ts). */
  const url: string;
  export default url;
}
