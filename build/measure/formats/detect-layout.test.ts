import { describe, expect, it } from 'vitest';
import { detectLayout } from './detect-layout.ts';
import { numberOf, separatorOf, splitFields } from './table-fields.ts';

describe('detectLayout: the layout from the first line', () => {
  it('tells each tracker export, the project CSV and a plain table apart', () => {
    expect(detectLayout('** CONVERTED FROM X.EDF using edfapi')).toBe('eyelink-asc');
    expect(detectLayout('MSG\t100 TRIALID 1')).toBe('eyelink-asc');
    expect(detectLayout('Recording timestamp\tSensor\tGaze point X\tGaze point Y\tValidity left')).toBe('tobii-pro-lab');
    expect(detectLayout('Recording timestamp [μs]\tGaze point X [DACS px]\tGaze point Y [DACS px]')).toBe('tobii-pro-lab');
    expect(detectLayout('ParticipantName\tRecordingTimestamp\tGazePointX (ADCSpx)\tGazePointY (ADCSpx)\tValidityLeft')).toBe('tobii-studio');
    expect(detectLayout('gaze_timestamp,world_index,confidence,norm_pos_x,norm_pos_y,base_data,gaze_point_3d_x')).toBe('pupil-labs');
    expect(detectLayout('trial_id,time,pixel_x,pixel_y,position_x,position_y')).toBe('pymovements');
    expect(detectLayout('time,position_xl,position_yl,position_xr,position_yr')).toBe('pymovements');
    expect(detectLayout('t_ms,x_deg,y_deg,aperture_mm')).toBe('calm-eye');
    expect(detectLayout('\uFEFFy_deg,t_ms,x_deg')).toBe('calm-eye');
    expect(detectLayout('0,1.5,2')).toBe('calm-eye');
    expect(detectLayout('time,x,y,pupil')).toBe('plain');
    expect(detectLayout('t_s;x_deg;y_deg')).toBe('plain');
    expect(detectLayout('Time [ms]\tGaze X [px]\tGaze Y [px]'.replace('Gaze X', 'gaze_x').replace('Gaze Y', 'gaze_y'))).toBe('plain');
    expect(detectLayout('time,x_left,y_left,x_right,y_right')).toBe('plain');
    expect(detectLayout('t_ms,xl_deg,yl_deg,xr_deg,yr_deg')).toBe('plain');
    expect(detectLayout('stamp,h,v')).toBeNull();
  });
});

describe('table fields as trackers write them', () => {
  it('keeps trailing empty fields, unquotes, and reads decimal commas where the comma is not the separator', () => {
    expect(splitFields('1\t2\t\t\r', '\t')).toEqual(['1', '2', '', '']);
    expect(splitFields('"a";"b"', ';')).toEqual(['a', 'b']);
    expect(separatorOf('a;b;c')).toBe(';');
    expect(numberOf('-1,25', true)).toBe(-1.25);
    expect(numberOf('-1,25', false)).toBeUndefined();
    expect(numberOf('', true)).toBeNaN();
    expect(numberOf('Valid', true)).toBeUndefined();
  });
});
