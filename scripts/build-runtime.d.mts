/** Where the bundled SOFTBODY_soft_body gltf-transform extension is committed, from the repository root. */
export declare const GLTF_TRANSFORM_EXTENSION: string;
/** Where its declarations are committed. */
export declare const GLTF_TRANSFORM_DECLARATIONS: string;
/** The bundled extension module, as text. */
export declare function bundleGltfTransformExtension(): Promise<string>;
/** Its declarations, as text. */
export declare function gltfTransformExtensionDeclarations(): Promise<string>;
