// @ts-nocheck
export const LABEL_COLORS = [
	'AMBER',
	'BLUE_GREY',
	'BROWN',
	'CYAN',
	'DEEP_ORANGE',
	'DEEP_PURPLE',
	'GREY',
	'INDIGO',
	'LIGHT_BLUE',
	'LIME',
	'ORANGE',
	'PINK',
	'PURPLE',
	'RED',
	'TEAL',
];
