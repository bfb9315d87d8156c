/** What other features may use of compare: the part of it chat's sends call (app.compareSends). */
export type { CompareSends, PanelSend } from './compare-sends.service';
export type { CompareService } from './compare.service';
