import { createLucideIcon } from "lucide-react";

/*
 * lucide-react 1.75 icons the dashboard frame and Attendee Management draw, made here from lucide's own data
 * with its own factory (which the app shell already holds), so they render exactly as lucide's components
 * (dashboard-icons.test.tsx compares them). Why not import them: the build groups lucide icons by the pages
 * that use them (decision 018), and any icon outside the landing and start pages' sets brings the whole
 * more-icons file (5.7 kB gzipped, 57 icons), and these two from the start pages start-icons (2.5 kB), to
 * every dashboard section: more than Attendee Management's own code (issue 35).
 */

export const ChartColumn = createLucideIcon({ name: "chart-column", size: 24, node: [["path", { d: "M3 3v16a2 2 0 0 0 2 2h16", key: "c24i48" }], ["path", { d: "M18 17V9", key: "2bz60n" }], ["path", { d: "M13 17V5", key: "1frdt8" }], ["path", { d: "M8 17v-3", key: "17ska0" }]], aliases: ["bar-chart-3"] });
export const CircleHelp = createLucideIcon({ name: "circle-question-mark", size: 24, node: [["circle", { cx: "12", cy: "12", r: "10", key: "1mglay" }], ["path", { d: "M9 9.5a3 2.5 0 016 0c0 2-2 2-3 3.5", key: "1awbb0" }], ["path", { d: "M12 17h.01", key: "p32p05" }]], aliases: ["help-circle", "circle-help"] });
export const Download = createLucideIcon({ name: "download", size: 24, node: [["path", { d: "M12 15V3", key: "m9g1x1" }], ["path", { d: "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4", key: "ih7n3h" }], ["path", { d: "m7 10 5 5 5-5", key: "brsn70" }]] });
export const Landmark = createLucideIcon({ name: "landmark", size: 24, node: [["path", { d: "M10 18v-7", key: "wt116b" }], ["path", { d: "M11.119 2.205a2 2 0 0 1 1.762 0l7.84 3.846A.5.5 0 0 1 20.5 7h-17a.5.5 0 0 1-.22-.949z", key: "yxxwt6" }], ["path", { d: "M14 18v-7", key: "vav6t3" }], ["path", { d: "M18 18v-7", key: "aexdmj" }], ["path", { d: "M3 22h18", key: "8prr45" }], ["path", { d: "M6 18v-7", key: "1ivflk" }]] });
export const LayoutDashboard = createLucideIcon({ name: "layout-dashboard", size: 24, node: [["rect", { width: "7", height: "9", x: "3", y: "3", rx: "1", key: "10lvy0" }], ["rect", { width: "7", height: "5", x: "14", y: "3", rx: "1", key: "16une8" }], ["rect", { width: "7", height: "9", x: "14", y: "12", rx: "1", key: "1hutg5" }], ["rect", { width: "7", height: "5", x: "3", y: "16", rx: "1", key: "ldoo1y" }]] });
export const ScanLine = createLucideIcon({ name: "scan-line", size: 24, node: [["path", { d: "M3 7V5a2 2 0 0 1 2-2h2", key: "aa7l1z" }], ["path", { d: "M17 3h2a2 2 0 0 1 2 2v2", key: "4qcy5o" }], ["path", { d: "M21 17v2a2 2 0 0 1-2 2h-2", key: "6vwrx8" }], ["path", { d: "M7 21H5a2 2 0 0 1-2-2v-2", key: "ioqczr" }], ["path", { d: "M7 12h10", key: "b7w52i" }]] });
export const Send = createLucideIcon({ name: "send", size: 24, node: [["path", { d: "M14.536 21.686a.5.5 0 0 0 .937-.024l6.5-19a.496.496 0 0 0-.635-.635l-19 6.5a.5.5 0 0 0-.024.937l7.93 3.18a2 2 0 0 1 1.112 1.11z", key: "1ffxy3" }], ["path", { d: "m21.854 2.147-10.94 10.939", key: "12cjpa" }]] });
export const Undo2 = createLucideIcon({ name: "undo-2", size: 24, node: [["path", { d: "M9 14 4 9l5-5", key: "102s5s" }], ["path", { d: "M4 9h10.5a5.5 5.5 0 0 1 5.5 5.5a5.5 5.5 0 0 1-5.5 5.5H11", key: "f3b9sd" }]] });
export const UserCheck = createLucideIcon({ name: "user-check", size: 24, node: [["path", { d: "m16 11 2 2 4-4", key: "9rsbq5" }], ["path", { d: "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2", key: "1yyitq" }], ["circle", { cx: "9", cy: "7", r: "4", key: "nufk8" }]] });
