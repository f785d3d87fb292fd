/**
 * The columns of a Live Link Face CSV take (Epic's iPhone app), in the app's order: `Timecode`,
 * `BlendShapeCount`, then ARKit's 52 blend shapes in Unreal's `EARFaceBlendShape` order, then the head's
 * and each eye's yaw, pitch and roll (61 values; BlendShapeCount is 61). Importers index these by
 * position as well as by name (Blender's LiveLinkFace add-ons read `csv.reader` rows by column index),
 * so every column is written, in this order, even the shapes the eye does not drive (written 0).
 */
export const LIVE_LINK_FACE_VALUES = [
  'EyeBlinkLeft', 'EyeLookDownLeft', 'EyeLookInLeft', 'EyeLookOutLeft', 'EyeLookUpLeft', 'EyeSquintLeft', 'EyeWideLeft',
  'EyeBlinkRight', 'EyeLookDownRight', 'EyeLookInRight', 'EyeLookOutRight', 'EyeLookUpRight', 'EyeSquintRight', 'EyeWideRight',
  'JawForward', 'JawRight', 'JawLeft', 'JawOpen',
  'MouthClose', 'MouthFunnel', 'MouthPucker', 'MouthRight', 'MouthLeft',
  'MouthSmileLeft', 'MouthSmileRight', 'MouthFrownLeft', 'MouthFrownRight', 'MouthDimpleLeft', 'MouthDimpleRight',
  'MouthStretchLeft', 'MouthStretchRight', 'MouthRollLower', 'MouthRollUpper', 'MouthShrugLower', 'MouthShrugUpper',
  'MouthPressLeft', 'MouthPressRight', 'MouthLowerDownLeft', 'MouthLowerDownRight', 'MouthUpperUpLeft', 'MouthUpperUpRight',
  'BrowDownLeft', 'BrowDownRight', 'BrowInnerUp', 'BrowOuterUpLeft', 'BrowOuterUpRight',
  'CheekPuff', 'CheekSquintLeft', 'CheekSquintRight', 'NoseSneerLeft', 'NoseSneerRight', 'TongueOut',
  'HeadYaw', 'HeadPitch', 'HeadRoll',
  'LeftEyeYaw', 'LeftEyePitch', 'LeftEyeRoll', 'RightEyeYaw', 'RightEyePitch', 'RightEyeRoll',
] as const;

export type LiveLinkValue = (typeof LIVE_LINK_FACE_VALUES)[number];

/** The header row: the two leading columns, then the values. */
export const LIVE_LINK_FACE_HEADER = ['Timecode', 'BlendShapeCount', ...LIVE_LINK_FACE_VALUES] as const;
