"""Headless Blender: import a Live Link Face CSV take onto an ARKit face, then read the animation back.

    blender -b --factory-startup --python-exit-code 1 -P import-live-link.py -- TAKE.csv OUT.json [FPS]

It does what the common Live Link Face importers for Blender do, written here from the format itself:
a mesh whose shape keys are ARKit's 52 blend shapes (named as the take's columns name them), two eye
objects, the scene at the take's frame rate; then each CSV row (csv.reader, the header naming the
columns) becomes a keyframe at the frame its Timecode (HH:MM:SS:FF.mmm) says, counted from the first
row: every shape key's value, and each eye's Yaw/Pitch/Roll columns as its rotation in radians (Blender's
Z, X and Y Euler axes). Then it reads the curves back, evaluating each at every frame through Blender's
own F-curves (Bezier keys evaluate to their values at the keys), and writes them as JSON.
"""
import csv
import json
import math
import re
import sys

import bpy

argv = sys.argv[sys.argv.index('--') + 1:]
take_path, out_path = argv[0], argv[1]
# The take's rate, as an importer asks for it (the timecode's FF field counts frames within a second).
given_fps = int(argv[2]) if len(argv) > 2 else None

with open(take_path, newline='', encoding='utf-8') as f:
    rows = list(csv.reader(f))
header, body = rows[0], rows[1:]
if header[:2] != ['Timecode', 'BlendShapeCount']:
    raise SystemExit(f'not a Live Link Face take: header starts {header[:2]}')
rotation_columns = [c for c in header[2:] if re.fullmatch(r'(Head|LeftEye|RightEye)(Yaw|Pitch|Roll)', c)]
shape_columns = [c for c in header[2:] if c not in rotation_columns]

TIMECODE = re.compile(r'^(\d+):(\d\d):(\d\d):(\d+)(?:\.(\d+))?$')


def frames_of(timecodes, fps=None):
    """Frame numbers from the timecodes, at `fps` (or, not given, one more than the highest FF field)."""
    parts = []
    for t in timecodes:
        m = TIMECODE.match(t)
        if not m:
            raise SystemExit(f'bad Timecode {t!r}')
        hh, mm, ss, ff = (int(m.group(i)) for i in range(1, 5))
        parts.append((hh * 3600 + mm * 60 + ss, ff))
    fps = fps or max(ff for _, ff in parts) + 1
    if any(ff >= fps for _, ff in parts):
        raise SystemExit(f'a Timecode frame field reaches {max(ff for _, ff in parts)} at {fps} fps')
    first = parts[0][0] * fps + parts[0][1]
    return fps, [s * fps + ff - first for s, ff in parts]


fps, frames = frames_of([r[0] for r in body], given_fps)

bpy.ops.wm.read_factory_settings(use_empty=True)
scene = bpy.context.scene
scene.render.fps = fps
scene.frame_start = 0
scene.frame_end = frames[-1]

# A face: a grid whose every shape key moves its own vertex, so each key is a real deformation.
bpy.ops.mesh.primitive_grid_add(x_subdivisions=8, y_subdivisions=8, size=2)
face = bpy.context.active_object
face.name = 'Face'
face.shape_key_add(name='Basis')
for k, name in enumerate(shape_columns):
    key = face.shape_key_add(name=name, from_mix=False)
    v = key.data[k % len(key.data)]
    v.co.z += 0.01
eyes = {}
for side, x in (('LeftEye', 0.3), ('RightEye', -0.3)):
    bpy.ops.mesh.primitive_uv_sphere_add(radius=0.12, location=(x, -0.2, 0.1))
    eye = bpy.context.active_object
    eye.name = side
    eye.rotation_mode = 'XYZ'
    eyes[side] = eye

index = {name: i for i, name in enumerate(header)}
keys = face.data.shape_keys.key_blocks
for row, frame in zip(body, frames):
    for name in shape_columns:
        kb = keys[name]
        kb.value = float(row[index[name]])
        kb.keyframe_insert('value', frame=frame)
    for side, eye in eyes.items():
        yaw = float(row[index[f'{side}Yaw']])
        pitch = float(row[index[f'{side}Pitch']])
        roll = float(row[index[f'{side}Roll']])
        eye.rotation_euler = (pitch, roll, yaw)
        eye.keyframe_insert('rotation_euler', frame=frame)

# Read back through the curves Blender made.
out = {'fps': scene.render.fps, 'frames': frames, 'shapes': {}, 'eyes': {}}
shape_action = face.data.shape_keys.animation_data.action
for name in shape_columns:
    curve = shape_action.fcurves.find(f'key_blocks["{name}"].value')
    out['shapes'][name] = [curve.evaluate(f) for f in frames]
for side, eye in eyes.items():
    action = eye.animation_data.action
    curve = {axis: action.fcurves.find('rotation_euler', index=i) for i, axis in enumerate(('pitch', 'roll', 'yaw'))}
    out['eyes'][side] = {axis: [c.evaluate(f) for f in frames] for axis, c in curve.items()}
# And through the scene as a player sees it: frame_set, then the evaluated eye's rotation.
probe = frames[len(frames) // 2]
scene.frame_set(probe)
out['probe'] = {'frame': probe, 'leftEyeYaw': eyes['LeftEye'].rotation_euler.z, 'eyeBlinkLeft': keys['EyeBlinkLeft'].value}
out['blender'] = bpy.app.version_string
with open(out_path, 'w') as f:
    json.dump(out, f)
