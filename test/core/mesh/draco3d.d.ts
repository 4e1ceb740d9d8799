/** draco3d ships no types; the fixtures use its encoder factory. */
declare module 'draco3d' {
  const draco3d: { createEncoderModule(options: object): Promise<unknown> };
  export default draco3d;
}
