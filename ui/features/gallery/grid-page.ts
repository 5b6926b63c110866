/**
 * Cards mounted at first and added each time the end of the grid comes near. A module of its own,
 * without React, so the app benchmark can read it without loading React before vite builds.
 */
export const GRID_PAGE = 60;
