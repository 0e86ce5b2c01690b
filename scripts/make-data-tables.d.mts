// Types of scripts/make-data-tables.mjs: the tests of the Worker's two data tables check the committed
// files against what it writes.

export declare function encodeZipTable(codes: Record<string, { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }>): string
export declare function encodeDomainTable(domains: string[]): string
