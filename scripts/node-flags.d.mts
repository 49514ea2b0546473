/** V8 flags of the server process (see node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: string[];
