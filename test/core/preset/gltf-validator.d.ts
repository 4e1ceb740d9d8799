/** The parts of the Khronos glTF validator's API the tests use (the package ships no types). */
declare module 'gltf-validator' {
  interface ValidationMessage {
    code: string;
    message: string;
    severity: number;
    pointer?: string;
  }
  interface ValidationReport {
    issues: {
      numErrors: number;
      numWarnings: number;
      numInfos: number;
      numHints: number;
      messages: ValidationMessage[];
    };
    info: { extensionsUsed?: string[]; drawCallCount?: number; [key: string]: unknown };
  }
  export function validateBytes(
    data: Uint8Array,
    options?: Record<string, unknown>,
  ): Promise<ValidationReport>;
  const validator: { validateBytes: typeof validateBytes };
  export default validator;
}
