import type { BuildOptions } from "esbuild";

/** The packages the bundles import from node_modules (`@aws-sdk/*`: every package of that scope). */
export declare const SERVER_EXTERNAL: string[];

/** esbuild's options for a module Node runs: one ES module for this project's Node.js lines. */
export declare const NODE_MODULE: BuildOptions;

export declare function serverBundle(buildDir: string, lines: string[], outfile: string): BuildOptions;
