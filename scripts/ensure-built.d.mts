export declare function buildPlan(root: string): ('build' | 'server' | 'compress')[];
