import type { LayoutOptions } from './header-columns.ts';
import type { Layout } from './layout.ts';
import { plainSpec } from './plain-table.ts';
import { pupilLabsSpec } from './pupil-labs.ts';
import { pymovementsSpec } from './pymovements.ts';
import type { Separator } from './table-fields.ts';
import type { TableSpec } from './table-reader.ts';
import { tobiiProLabSpec } from './tobii-pro-lab.ts';
import { tobiiStudioSpec } from './tobii-studio.ts';

/** The table layouts' specs by name (the ASC and the project's own CSV have readers of their own). */
export function tableSpec(layout: Exclude<Layout, 'eyelink-asc' | 'calm-eye'>, header: string[], sep: Separator, opts: LayoutOptions): TableSpec {
  switch (layout) {
    case 'plain':
      return plainSpec(header, sep, opts);
    case 'tobii-pro-lab':
      return tobiiProLabSpec(header, sep, opts);
    case 'tobii-studio':
      return tobiiStudioSpec(header, sep, opts);
    case 'pupil-labs':
      return pupilLabsSpec(header, sep, opts);
    case 'pymovements':
      return pymovementsSpec(header, sep, opts);
  }
}
