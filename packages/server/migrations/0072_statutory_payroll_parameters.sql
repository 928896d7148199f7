-- 0072 Vietnam's statutory payroll parameters and region wages for the tenants that exist (issue 32,
-- docs/payroll-statutory.md). A new tenant gets them at its creation (services/pm/statutory/seed.ts,
-- seed-data/om/region-wages.json); a tenant created before gets here the rows it lacks, each a
-- parameter code (case-insensitively) and an effective date, or a region and an effective date, it
-- does not have. A row it has is left as it is, whatever its value: HR may have entered or edited
-- it. The rows are those of services/pm/statutory/data (statutory-migration.test.ts holds them
-- equal). The row policy is forced even for the owner: each tenant's scope is set in turn, and
-- cleared after.
DO $$
DECLARE
  t uuid;
BEGIN
  FOR t IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', t::text, true);
    INSERT INTO parameters (tenant_id, code, name, value, unit, effective_date, description)
    SELECT t, s.code, s.name, s.value, s.unit, s.effective_date, s.description
      FROM (VALUES
        ('LUONG_CO_SO', 'Mức lương cơ sở', 2340000, 'VND', date '2024-07-01',
         'Mức lương cơ sở; 20 lần mức này là mức trần tiền lương đóng BHXH, BHYT. Nguồn: Nghị định 73/2024/NĐ-CP, Điều 3 (từ 01/07/2024).'),
        ('LUONG_CO_SO', 'Mức lương cơ sở', 2530000, 'VND', date '2026-07-01',
         'Mức lương cơ sở; 20 lần mức này là mức trần tiền lương đóng BHXH, BHYT. Nguồn: Mức lương cơ sở từ 01/07/2026 (đối chiếu văn bản quy định khi ban hành).'),
        ('TL_BHXH_NLD', 'Tỷ lệ BHXH người lao động đóng', 8, '%', date '2024-07-01',
         'Quỹ hưu trí và tử tuất, trên tiền lương đóng BHXH. Nguồn: Luật BHXH 2014 Điều 85, 86; Luật BHXH 2024 (41/2024/QH15) từ 01/07/2025.'),
        ('TL_BHYT_NLD', 'Tỷ lệ BHYT người lao động đóng', 1.5, '%', date '2024-07-01',
         'Trên tiền lương đóng BHYT. Nguồn: Luật BHYT Điều 13; Nghị định 146/2018/NĐ-CP Điều 7 (4,5 %: NLĐ 1/3, NSDLĐ 2/3).'),
        ('TL_BHTN_NLD', 'Tỷ lệ BHTN người lao động đóng', 1, '%', date '2024-07-01',
         'Trên tiền lương đóng BHTN. Nguồn: Luật Việc làm 2013 Điều 57; Luật Việc làm 2025 (74/2025/QH15) từ 01/01/2026.'),
        ('TL_BHXH_DN', 'Tỷ lệ BHXH doanh nghiệp đóng', 17.5, '%', date '2024-07-01',
         'Ốm đau, thai sản 3 %; hưu trí, tử tuất 14 %; tai nạn lao động, bệnh nghề nghiệp 0,5 % (TL_BHTNLD_DN). Nguồn: Luật BHXH 2014 Điều 85, 86; Luật BHXH 2024 (41/2024/QH15) từ 01/07/2025; Luật An toàn, vệ sinh lao động 2015 Điều 44; Nghị định 58/2020/NĐ-CP Điều 4.'),
        ('TL_BHTNLD_DN', 'Tỷ lệ quỹ TNLĐ-BNN doanh nghiệp đóng (đã gồm trong BHXH)', 0.5, '%', date '2024-07-01',
         'Để xem: phần quỹ tai nạn lao động, bệnh nghề nghiệp trong TL_BHXH_DN. Nguồn: Luật An toàn, vệ sinh lao động 2015 Điều 44; Nghị định 58/2020/NĐ-CP Điều 4.'),
        ('TL_BHYT_DN', 'Tỷ lệ BHYT doanh nghiệp đóng', 3, '%', date '2024-07-01',
         'Trên tiền lương đóng BHYT. Nguồn: Luật BHYT Điều 13; Nghị định 146/2018/NĐ-CP Điều 7 (4,5 %: NLĐ 1/3, NSDLĐ 2/3).'),
        ('TL_BHTN_DN', 'Tỷ lệ BHTN doanh nghiệp đóng', 1, '%', date '2024-07-01',
         'Trên tiền lương đóng BHTN. Nguồn: Luật Việc làm 2013 Điều 57; Luật Việc làm 2025 (74/2025/QH15) từ 01/01/2026.'),
        ('HS_TRAN_BH', 'Hệ số trần tiền lương đóng bảo hiểm', 20, 'lần', date '2024-07-01',
         'BHXH, BHYT: tối đa HS_TRAN_BH × LUONG_CO_SO; BHTN: tối đa HS_TRAN_BH × lương tối thiểu vùng. Nguồn: Luật BHXH 2014 Điều 89; Luật BHXH 2024 (20 lần mức tham chiếu, bằng mức lương cơ sở khi chưa bãi bỏ); Luật BHYT Điều 14; Luật Việc làm 2013 Điều 58 (20 lần lương tối thiểu vùng).'),
        ('NGAY_KHONG_DONG_BH', 'Số ngày không làm việc, không lương thì không đóng bảo hiểm tháng đó', 14, 'ngày', date '2024-07-01',
         'Người lao động không làm việc và không hưởng lương từ số ngày làm việc này trở lên trong tháng thì không đóng BHXH, BHYT, BHTN (và không tính kinh phí công đoàn) tháng đó. Nguồn: Luật BHXH 2014 Điều 85 khoản 3, giữ nguyên ở Luật BHXH 2024; Quyết định 595/QĐ-BHXH.'),
        ('TL_KPCD', 'Tỷ lệ kinh phí công đoàn (doanh nghiệp)', 2, '%', date '2024-07-01',
         'Trên quỹ tiền lương làm căn cứ đóng BHXH. Nguồn: Luật Công đoàn 2024 (50/2024/QH15); Nghị định 191/2013/NĐ-CP Điều 5.'),
        ('TL_DOAN_PHI', 'Tỷ lệ đoàn phí công đoàn (đoàn viên)', 1, '%', date '2024-07-01',
         'Trên tiền lương đóng BHXH của đoàn viên, tối đa TRAN_DOAN_PHI. Nguồn: Quyết định 1908/QĐ-TLĐ ngày 19/11/2021 của Tổng Liên đoàn Lao động Việt Nam.'),
        ('TRAN_DOAN_PHI', 'Mức đoàn phí tối đa một tháng', 234000, 'VND', date '2024-07-01',
         '10 % mức lương cơ sở. Nguồn: Quyết định 1908/QĐ-TLĐ ngày 19/11/2021 của Tổng Liên đoàn Lao động Việt Nam; Nghị định 73/2024/NĐ-CP, Điều 3 (từ 01/07/2024).'),
        ('TRAN_DOAN_PHI', 'Mức đoàn phí tối đa một tháng', 253000, 'VND', date '2026-07-01',
         '10 % mức lương cơ sở. Nguồn: Quyết định 1908/QĐ-TLĐ ngày 19/11/2021 của Tổng Liên đoàn Lao động Việt Nam; Mức lương cơ sở từ 01/07/2026 (đối chiếu văn bản quy định khi ban hành).'),
        ('GIAM_TRU_BAN_THAN', 'Giảm trừ gia cảnh cho bản thân', 11000000, 'VND', date '2020-07-01',
         'Mỗi tháng, cho người nộp thuế cư trú. Nguồn: Nghị quyết 954/2020/UBTVQH14 (từ kỳ tính thuế 2020).'),
        ('GIAM_TRU_BAN_THAN', 'Giảm trừ gia cảnh cho bản thân', 15500000, 'VND', date '2026-01-01',
         'Mỗi tháng, cho người nộp thuế cư trú. Nguồn: Nghị quyết 110/2025/UBTVQH15 (từ kỳ tính thuế 2026).'),
        ('GIAM_TRU_NPT', 'Giảm trừ cho mỗi người phụ thuộc', 4400000, 'VND', date '2020-07-01',
         'Mỗi người phụ thuộc, mỗi tháng. Nguồn: Nghị quyết 954/2020/UBTVQH14 (từ kỳ tính thuế 2020).'),
        ('GIAM_TRU_NPT', 'Giảm trừ cho mỗi người phụ thuộc', 6200000, 'VND', date '2026-01-01',
         'Mỗi người phụ thuộc, mỗi tháng. Nguồn: Nghị quyết 110/2025/UBTVQH15 (từ kỳ tính thuế 2026).'),
        ('TS_KHONG_CU_TRU', 'Thuế suất TNCN cá nhân không cư trú', 20, '%', date '2009-01-01',
         'Trên thu nhập chịu thuế từ tiền lương, tiền công, không giảm trừ. Nguồn: Luật Thuế TNCN 2007 Điều 26; Thông tư 111/2013/TT-BTC Điều 18.'),
        ('TS_VANG_LAI', 'Tỷ lệ khấu trừ thuế thu nhập vãng lai', 10, '%', date '2013-10-01',
         'Khấu trừ trên mỗi lần trả cho cá nhân không ký hợp đồng lao động hoặc hợp đồng dưới 3 tháng, từ NGUONG_VANG_LAI. Nguồn: Thông tư 111/2013/TT-BTC Điều 25 khoản 1 điểm i.'),
        ('NGUONG_VANG_LAI', 'Ngưỡng khấu trừ thuế thu nhập vãng lai', 2000000, 'VND', date '2013-10-01',
         'Khấu trừ khi tổng mức trả thu nhập một lần từ mức này trở lên. Nguồn: Thông tư 111/2013/TT-BTC Điều 25 khoản 1 điểm i.'),
        ('MIEN_THUE_TC_TOAN_BO', 'Miễn thuế toàn bộ tiền làm thêm giờ, làm đêm', 0, '0/1', date '2009-01-01',
         '1: miễn toàn bộ; 0: chỉ miễn phần trả cao hơn tiền lương giờ làm việc bình thường. Nguồn: Luật Thuế TNCN 2007 Điều 4 khoản 9; Thông tư 111/2013/TT-BTC Điều 3 khoản 1 điểm i: miễn phần trả cao hơn giờ bình thường.'),
        ('MIEN_THUE_TC_TOAN_BO', 'Miễn thuế toàn bộ tiền làm thêm giờ, làm đêm', 1, '0/1', date '2026-01-01',
         '1: miễn toàn bộ; 0: chỉ miễn phần trả cao hơn tiền lương giờ làm việc bình thường. Nguồn: Luật Thuế TNCN (sửa đổi) 2025, từ kỳ tính thuế 2026: miễn toàn bộ tiền làm thêm giờ, làm đêm.')
      ) AS s (code, name, value, unit, effective_date, description)
     WHERE NOT EXISTS (SELECT 1 FROM parameters p
                        WHERE p.tenant_id = t AND lower(p.code) = lower(s.code)
                          AND p.effective_date = s.effective_date);
    INSERT INTO region_wages (tenant_id, region, amount, effective_date, note)
    SELECT t, s.region, s.amount, s.effective_date, s.note
      FROM (VALUES
        ('I', 4960000, date '2024-07-01', 'Nghị định 74/2024/NĐ-CP, áp dụng từ 01/07/2024'),
        ('II', 4410000, date '2024-07-01', 'Nghị định 74/2024/NĐ-CP, áp dụng từ 01/07/2024'),
        ('III', 3860000, date '2024-07-01', 'Nghị định 74/2024/NĐ-CP, áp dụng từ 01/07/2024'),
        ('IV', 3450000, date '2024-07-01', 'Nghị định 74/2024/NĐ-CP, áp dụng từ 01/07/2024'),
        ('I', 5310000, date '2026-01-01', 'Mức lương tối thiểu tháng áp dụng từ 01/01/2026'),
        ('II', 4730000, date '2026-01-01', 'Mức lương tối thiểu tháng áp dụng từ 01/01/2026'),
        ('III', 4140000, date '2026-01-01', 'Mức lương tối thiểu tháng áp dụng từ 01/01/2026'),
        ('IV', 3700000, date '2026-01-01', 'Mức lương tối thiểu tháng áp dụng từ 01/01/2026')
      ) AS s (region, amount, effective_date, note)
     WHERE NOT EXISTS (SELECT 1 FROM region_wages w
                        WHERE w.tenant_id = t AND w.region = s.region
                          AND w.effective_date = s.effective_date);
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END $$;
