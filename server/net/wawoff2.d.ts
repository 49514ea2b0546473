// wawoff2 ships no types; this is the part of its API we use (packaged-chromium.ts).
declare module 'wawoff2' {
  const wawoff2: {
    /** WOFF2 → the TrueType/OpenType font it packs. */
    decompress(woff2: Uint8Array): Promise<Uint8Array>;
  };
  export default wawoff2;
}
