import type sharp from 'sharp';

/**
 * sharp (libvips), loaded with the first image a process reads rather than with the process: an
 * idle server decodes no image, and sharp with its native library cost each process ~2.4 MB of
 * heap and ~30 MB of resident memory at start (issue 28's footprint budget). Node keeps the
 * module once loaded: later calls only resolve a promise.
 */
export async function loadSharp(): Promise<typeof sharp> {
  return (await import('sharp')).default;
}
