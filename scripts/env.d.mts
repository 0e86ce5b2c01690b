// Types of scripts/env.mjs, the one definition of the environment that keeps wrangler offline, quiet
// and writing inside the repository: npm start and npm test use it, and so do the Worker's local runs
// (worker/local/deployed-worker.ts).

export declare const ROOT: string
export declare function ensureDependencies(): void
export declare function offlineEnv(extra?: Record<string, string>): NodeJS.ProcessEnv
export declare function run(cmd: string, env: NodeJS.ProcessEnv): void
