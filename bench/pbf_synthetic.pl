#!/usr/bin/env perl
# Writes OPL for COPIES copies of a PBF extract's OPL (read from stdin, no metadata), each
# shifted on a grid (0.02° east per column, 0.016° north per row, 20 columns) and
# renumbered (ids + copy × 10^10): all nodes, then all ways, then all relations, so the
# output is sorted by type and id as a real extract is. Usage:
#   osmium cat IN.osm.pbf -f opl,add_metadata=false | perl pbf_synthetic.pl COPIES | osmium cat -F opl - -o OUT.osm.pbf
use strict; use warnings;
my $copies = shift // 10;
my (@n, @w, @r);
while (<STDIN>) { chomp; my $t = substr($_, 0, 1); push @{ $t eq 'n' ? \@n : $t eq 'w' ? \@w : \@r }, $_; }
my $step = 10_000_000_000;
sub shift_ids { my ($s, $off) = @_; $s =~ s/(?<=[nwr])(\d+)/$1 + $off/ge; return $s; }
for my $k (0 .. $copies - 1) {
    my ($dx, $dy, $off) = (($k % 20) * 0.02, int($k / 20) * 0.016, $k * $step);
    for (@n) {
        my @f = split / /;
        $f[0] = 'n' . (substr($f[0], 1) + $off);
        for (@f[1 .. $#f]) {
            if (/^x(.+)/) { $_ = sprintf('x%.7f', $1 + $dx) } elsif (/^y(.+)/) { $_ = sprintf('y%.7f', $1 + $dy) }
        }
        print join(' ', @f), "\n";
    }
}
for my $k (0 .. $copies - 1) {
    my $off = $k * $step;
    for (@w) { my @f = split / /; $f[0] = 'w' . (substr($f[0], 1) + $off); for (@f[1 .. $#f]) { $_ = shift_ids($_, $off) if /^N/ } print join(' ', @f), "\n"; }
}
for my $k (0 .. $copies - 1) {
    my $off = $k * $step;
    for (@r) { my @f = split / /; $f[0] = 'r' . (substr($f[0], 1) + $off); for (@f[1 .. $#f]) { $_ = shift_ids($_, $off) if /^M/ } print join(' ', @f), "\n"; }
}
