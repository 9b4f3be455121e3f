import type { BuildOptions } from "esbuild";

/** The packages the bundles import from node_modules (`@aws-sdk/*`: every package of that scope). */
export declare const SERVER_EXTERNAL: string[];

export declare function serverBundle(buildDir: string, lines: string[], outfile: string): BuildOptions;
