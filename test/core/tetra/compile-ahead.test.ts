import { describe, expect, it, vi } from 'vitest';
import { compileTetraModulesAhead } from '../../../core/tetra/compile-ahead.ts';
import { compileAhead, loadModule } from '../../../core/tetra/wasm/load-module.ts';
import { MESHER_WASM_BASE64 } from '../../../core/tetra/wasm/mesher-wasm.ts';

/** The engine's WebAssembly global (the tests' types have no DOM lib). */
const engine = (
  globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<object>; Module: new (bytes: Uint8Array) => object };
  }
).WebAssembly;

/** The smallest valid module: the magic number and version 1, no sections. */
const EMPTY_MODULE = 'AGFzbQEAAAA=';

describe('compiling modules ahead', () => {
  it('leaves loadModule the compiled module, with no compile of its own', async () => {
    const compile = vi.spyOn(engine, 'compile');
    const construct = vi.spyOn(engine, 'Module');
    try {
      await compileAhead(EMPTY_MODULE);
      expect(compile).toHaveBeenCalledTimes(1);
      const loaded = loadModule(EMPTY_MODULE);
      expect(loaded).not.toBeNull();
      expect(construct).not.toHaveBeenCalled();
      // Asked again, nothing is compiled again.
      await compileAhead(EMPTY_MODULE);
      expect(compile).toHaveBeenCalledTimes(1);
    } finally {
      compile.mockRestore();
      construct.mockRestore();
    }
  });

  it('resolves for bytes that are not a module and leaves loadModule to refuse them', async () => {
    const notAModule = 'AAAAAAAAAAA=';
    await expect(compileAhead(notAModule)).resolves.toBeUndefined();
    expect(loadModule(notAModule)).toBeNull();
  });

  it("compiles the tetrahedralizer's modules, the mesher among them", async () => {
    const construct = vi.spyOn(engine, 'Module');
    try {
      await compileTetraModulesAhead();
      expect(loadModule(MESHER_WASM_BASE64)).not.toBeNull();
      expect(construct).not.toHaveBeenCalled();
    } finally {
      construct.mockRestore();
    }
  });
});
