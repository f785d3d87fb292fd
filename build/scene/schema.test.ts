import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { SCENE_SCHEMA_FILE, sceneSchemaText } from '../cli/commands/schema.ts';
import { SCENE_SCHEMA_NAME, SCENES_DIR } from '../node/io/load-scene.ts';
import { parseScene, sceneJsonSchema } from './parse.ts';

const sceneFiles = [
  ...readdirSync(SCENES_DIR).filter((f) => f.endsWith('.json') && f !== SCENE_SCHEMA_NAME).map((f) => join(SCENES_DIR, f)),
  ...readdirSync(join(SCENES_DIR, 'fixtures')).filter((f) => f.endsWith('.json')).map((f) => join(SCENES_DIR, 'fixtures', f)),
];
const validate = new Ajv2020({ strict: true, strictRequired: false, allErrors: true }).compile(sceneJsonSchema());

describe('the scene JSON Schema', () => {
  it('is made from the one declaration of the scene options, and the committed file is up to date (eye schema --write)', () => {
    expect(readFileSync(SCENE_SCHEMA_FILE, 'utf8')).toBe(sceneSchemaText());
  });

  it('every scene file names it in $schema, and the schema accepts exactly the files the parser accepts', () => {
    expect(sceneFiles.length).toBeGreaterThan(20);
    for (const file of sceneFiles) {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      expect(raw.$schema, file).toMatch(/^(\.\/|\.\.\/)scene\.schema\.json$/);
      // The schema and the parser agree on every file (fixtures/bad-era.json and bad-type.json are refused by both).
      let parses = true;
      try {
        parseScene(raw, file, 'x');
      } catch {
        parses = false;
      }
      expect(validate(raw), `${file}: ${JSON.stringify(validate.errors)}`).toBe(parses);
    }
  });

  it('rejects what the parser rejects: an unknown key, a wrong era, an odd width, fps 0, no era and no tour', () => {
    for (const bad of [{ era: '1970', colour: 'red' }, { era: '1975' }, { era: '1970', width: 1281 }, { era: '1970', fps: 0 }, {}, { era: '1970', overrides: { fixMS: 1 } }]) {
      expect(validate(bad), JSON.stringify(bad)).toBe(false);
      expect(() => parseScene(bad, 'x.json', 'x'), JSON.stringify(bad)).toThrow();
    }
  });
});
