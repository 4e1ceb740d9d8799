/**
 * The program's name and version as documents record them (a preset's `generator`). A test keeps
 * the version equal to package.json's, which core cannot read.
 */
export const STUDIO_NAME = 'Softbody Studio';
export const STUDIO_VERSION = '0.1.0';
export const GENERATOR = `${STUDIO_NAME} ${STUDIO_VERSION}`;
